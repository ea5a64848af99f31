import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { thousands, type HomeTodo } from '@health/contract';

/**
 * The to-do list of the overview: each line a count of things waiting, linking to the queue that
 * handles them (with its filter). The server sends only the to-dos whose queue the operator holds;
 * a to-do whose page this build does not have is shown without a link.
 */
export function TodoList({
  todos,
  canOpen,
}: {
  todos: HomeTodo[];
  canOpen: (path: string) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel overview-todos" aria-labelledby="overview-todos">
      <h2 className="panel-head" id="overview-todos">
        {t('home.todos')}
      </h2>
      {todos.length === 0 ? (
        <p className="panel-body todo-empty">{t('home.todosEmpty')}</p>
      ) : (
        <ul className="todo-list">
          {todos.map((todo) => {
            const title = t(`home.todo.${todo.key}`, { defaultValue: todo.title });
            const body = (
              <>
                <span className="todo-title">{title}</span>
                <span className={todo.count > 0 ? 'todo-count todo-count-waiting' : 'todo-count'}>
                  {thousands(todo.count)}
                </span>
              </>
            );
            return (
              <li key={todo.key} data-testid={`todo-${todo.key}`}>
                {canOpen(todo.link) ? (
                  <Link
                    to={todo.query ? `${todo.link}?${todo.query}` : todo.link}
                    aria-label={t('home.todoOpen', { title, count: todo.count })}
                  >
                    {body}
                  </Link>
                ) : (
                  <div>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
