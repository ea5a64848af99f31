import Database from 'better-sqlite3';

/**
 * Direct access to the running server's embedded database, for arranging states a test cannot
 * reach through the UI in reasonable time (a password 91 days old, a group with no pages).
 * WAL mode lets the server and the test share the file.
 */
export function withDatabase<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Age an operator's password so the next login asks for the over90 change. */
export function agePassword(file: string, username: string, days: number): void {
  withDatabase(file, (db) => {
    db.prepare(
      'UPDATE operators SET password_changed_at = ?, need_change_type = NULL WHERE username = ?',
    ).run(Date.now() - days * 86_400_000, username);
  });
}

/** Create a permission group holding exactly these keys; returns its id. */
export function createGroup(file: string, name: string, keys: string[]): number {
  return withDatabase(file, (db) => {
    const now = Date.now();
    const info = db
      .prepare(
        'INSERT INTO permission_groups (name, description, builtin, created_at, updated_at) VALUES (?, ?, 0, ?, ?)',
      )
      .run(name, 'e2e', now, now);
    const id = Number(info.lastInsertRowid);
    const insert = db.prepare('INSERT INTO group_resources (group_id, resource_key) VALUES (?, ?)');
    for (const key of keys) insert.run(id, key);
    return id;
  });
}

/** Move an operator into another permission group. */
export function moveOperator(file: string, username: string, groupId: number): void {
  withDatabase(file, (db) => {
    db.prepare('UPDATE operators SET group_id = ? WHERE username = ?').run(groupId, username);
  });
}
