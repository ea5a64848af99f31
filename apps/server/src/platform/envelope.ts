import { State, type Envelope } from '@health/contract';

/** msg of a successful answer when the endpoint has nothing more specific to say. */
export const SUCCESS_MSG = '操作成功';

export function ok<T>(data: T, msg: string = SUCCESS_MSG): Envelope<T> {
  return { state: State.OK, msg, data };
}

export function failure(state: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { state, msg, data };
}
