// oidc-provider ships no types; this declares the part of its API the archive uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
  }

  export interface OidcAdapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientLike {
    clientId: string;
    clientName?: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface ResourceServerLike {
    scope: string;
    scopes: Set<string>;
  }

  export interface GrantLike {
    jti: string;
    accountId?: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): GrantLike;
    find(id: string): Promise<GrantLike | undefined>;
  }

  export interface OidcContext {
    oidc: {
      client?: ClientLike;
      params?: Record<string, unknown>;
      requestParamOIDCScopes: Set<string>;
      resourceServers?: Record<string, ResourceServerLike>;
      session?: {
        accountId?: string;
        grantIdFor(clientId: string): string | undefined;
        state?: { secret?: string };
      };
      result?: { consent?: { grantId?: string } };
      urlFor(name: string): string;
      provider: Provider;
      // The tokens and other entities the current request produced, by kind; IdTokenHint is set
      // by the end-session endpoint once it has validated an id_token_hint.
      entities?: {
        ClientCredentials?: TokenLike;
        IdTokenHint?: { payload: { sub?: string } };
      };
    };
    set(field: string, value: string): void;
    body: unknown;
    type: string;
    status: number;
  }

  export interface TokenLike {
    accountId?: string;
    clientId?: string;
    client?: ClientLike;
    scope?: string;
    resourceServer?: ResourceServerLike;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface AccountLike {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: never[]) => void): this;
    // Koa middleware around every request the provider serves.
    use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
  }

  export const errors: { InvalidTarget: new (description?: string) => Error };
  export default Provider;
}
