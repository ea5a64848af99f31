import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Counts, per table, the statements this process has sent that write it (insert, update, delete,
 * merge; on the database or in a transaction). A cache of rows read from a table keeps the count
 * it read under and is stale once the count moved: no write path has to remember to clear it.
 * Raw SQL (`sql\`update …\``) is not seen — the tables watched this way are written only through
 * the query builder.
 */
export class TableWrites implements KyselyPlugin {
  private readonly counts = new Map<string, number>();

  /** Statements that have written any of `tables` so far. */
  count(tables: readonly string[]): number {
    let n = 0;
    for (const table of tables) n += this.counts.get(table) ?? 0;
    return n;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(node);
    if (table !== undefined) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function writtenTable(node: RootOperationNode): string | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableName(node.into);
    case 'UpdateQueryNode':
      return tableName(node.table);
    case 'DeleteQueryNode':
      return tableName(node.from.froms[0]);
    case 'MergeQueryNode':
      return tableName(node.into);
    default:
      return undefined;
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  const table = node && AliasNode.is(node) ? node.node : node;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}
