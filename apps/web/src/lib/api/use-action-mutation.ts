import { useCallback, useMemo } from 'react';
import { ApiError } from './client.ts';
import { createActionKey } from './idempotency.ts';

/**
 * "A 4xx is final": the server answered and the action is over (a retry would only replay the
 * same refusal), so the next tap is a new action with a new key. After a network failure or a 5xx
 * the same key is kept, and the retry is recognised by the server as the same action (SH-13).
 */
export function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** What useActionMutation needs of a mutation: TanStack Query's useMutation result, or useLocalMutation's. */
export interface MutationLike<TData, TVariables> {
  mutate: (
    variables: TVariables,
    callbacks?: { onSuccess?: (data: TData) => void; onError?: (error: unknown) => void },
  ) => void;
  mutateAsync: (variables: TVariables) => Promise<TData>;
  isPending: boolean;
  error: unknown;
  data: TData | undefined;
}

export interface ActionCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}

/**
 * The one owner of an action's Idempotency-Key (issue 9, look and feel). Wraps a feature's
 * mutation hook (which keeps its own cache updates) and adds the key: the same key while the same
 * input is retried, a fresh one after success or a final (4xx) answer.
 *
 *   const place = useActionMutation(usePlaceOrder(), (input) => `${input.body.amount}`);
 *   place.run({ body }, { onSuccess: (order) => navigate(...) });
 */
export function useActionMutation<TData, TVariables extends { idempotencyKey: string }>(
  mutation: MutationLike<TData, TVariables>,
  fingerprint: (input: Omit<TVariables, 'idempotencyKey'>) => string = (input) => JSON.stringify(input),
) {
  const key = useMemo(() => createActionKey(), []);
  const { mutate, mutateAsync } = mutation;

  const withKey = useCallback(
    (input: Omit<TVariables, 'idempotencyKey'>) =>
      ({ ...input, idempotencyKey: key.keyFor(fingerprint(input)) }) as TVariables,
    [key, fingerprint],
  );

  const run = useCallback(
    (input: Omit<TVariables, 'idempotencyKey'>, callbacks: ActionCallbacks<TData> = {}) => {
      mutate(withKey(input), {
        onSuccess: (data) => {
          key.done();
          callbacks.onSuccess?.(data);
        },
        onError: (error) => {
          if (isFinalAnswer(error)) key.done();
          callbacks.onError?.(error);
        },
      });
    },
    [mutate, withKey, key],
  );

  const runAsync = useCallback(
    async (input: Omit<TVariables, 'idempotencyKey'>): Promise<TData> => {
      try {
        const data = await mutateAsync(withKey(input));
        key.done();
        return data;
      } catch (error) {
        if (isFinalAnswer(error)) key.done();
        throw error;
      }
    },
    [mutateAsync, withKey, key],
  );

  return { run, runAsync, isPending: mutation.isPending, error: mutation.error, data: mutation.data };
}
