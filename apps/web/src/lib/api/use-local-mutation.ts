import { useCallback, useEffect, useRef, useState } from 'react';
import type { MutationLike } from './use-action-mutation.ts';

/**
 * The part of TanStack Query's useMutation the login page uses (mutate / mutateAsync / isPending /
 * error / data), without the library: /start is the one page that ships without TanStack Query
 * (issue 9). Like useMutation: no retry, per-call callbacks only for the latest call while mounted.
 */
export function useLocalMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
): MutationLike<TData, TVariables> {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; data: TData | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(
    async (variables: TVariables): Promise<TData> => {
      const call = ++latest.current;
      setState((s) => ({ ...s, isPending: true, error: null }));
      try {
        const data = await mutationFn(variables);
        if (call === latest.current) setState({ isPending: false, error: null, data });
        return data;
      } catch (error) {
        if (call === latest.current) setState({ isPending: false, error, data: undefined });
        throw error;
      }
    },
    [mutationFn],
  );

  const mutate = useCallback<MutationLike<TData, TVariables>['mutate']>(
    (variables, callbacks) => {
      const call = latest.current + 1;
      const current = () => mounted.current && call === latest.current;
      mutateAsync(variables).then(
        (data) => {
          if (current()) callbacks?.onSuccess?.(data);
        },
        (error: unknown) => {
          if (current()) callbacks?.onError?.(error);
        },
      );
    },
    [mutateAsync],
  );

  return { mutate, mutateAsync, ...state };
}
