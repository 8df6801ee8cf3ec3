import {
  MutationCache,
  QueryCache,
  QueryClient,
  defaultShouldDehydrateQuery,
  environmentManager,
} from "@tanstack/react-query";
import type { ApiError } from "./queries/api-client";

// Query and mutation functions fail with the API client's one error type (lib/queries/api-client.ts),
// so `error.status`, `error.code` and `error.message` need no cast in components.
declare module "@tanstack/react-query" {
  interface Register {
    defaultError: ApiError;
  }
}

// Query functions throw errors that carry the HTTP `status` of the dashboard's /api answer.
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
}

// A 4xx will not change by asking again (408 and 429 might); a 401 means the session is gone,
// and retrying it only delays sending the user to sign in.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (environmentManager.isServer()) return false;
  const status = httpStatusOf(error);
  if (status === 401) return false;
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return false;
  }
  return failureCount < 3;
}

export interface QueryClientHooks {
  // Called once per failed query or mutation answered 401; the auth layer sends the user to sign in.
  onUnauthorized?: (error: unknown) => void;
}

// One client configuration for the server and the browser (TanStack's nextjs-app-prefetching example).
export function makeQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 401) hooks.onUnauthorized?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Above zero so data prefetched on the server is not fetched again right after hydration.
        staleTime: 60 * 1000,
        retry: shouldRetry,
      },
      dehydrate: {
        // Streams queries still pending on the server to the browser instead of dropping them.
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) || query.state.status === "pending",
        // Next.js redacts server errors itself and uses the message to detect dynamic rendering.
        shouldRedactErrors: () => false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

// A new client per server request (no data shared between users), one for the browser's lifetime
// (React may throw away state on a suspended first render, so not useState).
export function getQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  if (environmentManager.isServer()) return makeQueryClient(hooks);
  browserQueryClient ??= makeQueryClient(hooks);
  return browserQueryClient;
}
