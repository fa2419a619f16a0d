import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jwt from "jsonwebtoken";
import type { Config } from "../config";
import { isPermission, PLANS, ROLES, type Permission, type Plan, type Role } from "../identity";
import { randomSecret } from "./secrets";

export const TOKEN_ISSUER = "stint";
export const TOKEN_AUDIENCE = "stint-api";
const ALGORITHM = "HS256";

/** Lifetime of an access token issued to an OAuth application (docs/api.md#what-a-token-may-do). */
export const OAUTH_ACCESS_TOKEN_TTL_SECONDS = 3600;

/** What an access token issued to an OAuth application carries besides its user. */
export interface OAuthGrantClaims {
  clientId: string;
  /** The scopes granted, already intersected with the user's role when issued. */
  scopes: Permission[];
  /** The chain of tokens this one belongs to (one authorization code or device approval). */
  family: string;
}

export interface AccessClaims {
  userId: string;
  organizationId: string;
  plan: Plan;
  role: Role;
  /** Epoch milliseconds (the standard `iat` has whole seconds only, too coarse for revocation). */
  issuedAtMs: number;
  /** Set on tokens issued to an OAuth application. */
  oauth?: OAuthGrantClaims;
}

/** A valid token's claims, with when it expires (Unix seconds). */
export type VerifiedClaims = AccessClaims & { expiresAtSeconds: number };

export interface TokenSigner {
  readonly ttlSeconds: number;
  /** `ttlSeconds` overrides the default lifetime (OAuth tokens live longer than sign-in ones). */
  sign(claims: Omit<AccessClaims, "issuedAtMs">, options?: { ttlSeconds?: number }): string;
  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong audience...). */
  verify(token: string): VerifiedClaims | null;
}

export function tokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  return {
    ttlSeconds,
    sign(claims, options = {}) {
      const oauth = claims.oauth
        ? { client_id: claims.oauth.clientId, scope: claims.oauth.scopes.join(" "), gid: claims.oauth.family }
        : {};
      return jwt.sign({ org: claims.organizationId, plan: claims.plan, role: claims.role, iat_ms: Date.now(), ...oauth }, secret, {
        algorithm: ALGORITHM,
        expiresIn: options.ttlSeconds ?? ttlSeconds,
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        subject: claims.userId,
        jwtid: randomUUID(),
      });
    },
    verify(token) {
      try {
        const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
        if (typeof payload === "string") return null;
        const { sub, org, plan, role, iat_ms, exp } = payload as {
          sub?: unknown;
          org?: unknown;
          plan?: unknown;
          role?: unknown;
          iat_ms?: unknown;
          exp?: unknown;
        };
        if (typeof sub !== "string" || typeof org !== "string" || typeof iat_ms !== "number" || typeof exp !== "number") return null;
        if (!(ROLES as readonly unknown[]).includes(role) || !(PLANS as readonly unknown[]).includes(plan)) return null;
        const claims: VerifiedClaims = {
          userId: sub,
          organizationId: org,
          plan: plan as Plan,
          role: role as Role,
          issuedAtMs: iat_ms,
          expiresAtSeconds: exp,
        };
        if (!("client_id" in payload)) return claims;
        const oauth = grantClaimsOf(payload as Record<string, unknown>);
        return oauth ? { ...claims, oauth } : null;
      } catch {
        return null;
      }
    },
  };
}

/** The OAuth part of a token's payload; null when any of it is malformed (the token is refused). */
function grantClaimsOf(payload: Record<string, unknown>): OAuthGrantClaims | null {
  const { client_id, scope, gid } = payload;
  if (typeof client_id !== "string" || typeof scope !== "string" || typeof gid !== "string") return null;
  const scopes = scope === "" ? [] : scope.split(" ");
  if (!scopes.every(isPermission)) return null;
  return { clientId: client_id, scopes: scopes as Permission[], family: gid };
}

/**
 * The signer of a process that runs no service signing or checking tokens: it holds no key,
 * so a pod of, say, reports never needs JWT_SECRET and could not mint a token if taken
 * over. Using it is a wiring mistake, said loudly.
 */
export function keylessSigner(ttlSeconds: number): TokenSigner {
  const refuse = (): never => {
    throw new Error("this process runs no service that signs or checks tokens, so it holds no signing key");
  };
  return { ttlSeconds, sign: refuse, verify: refuse };
}

const DEVELOPMENT_SECRET_FILE = "development-jwt-secret";

/**
 * `JWT_SECRET`, or a development secret generated once and kept under `DATA_DIR`.
 * `warn` is told when the development secret is used.
 */
export function signingSecret(config: Config, warn: (message: string) => void): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, DEVELOPMENT_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomSecret(64), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process sharing DATA_DIR wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  warn(
    `JWT_SECRET is not set: signing tokens with a development key kept in ${DEVELOPMENT_SECRET_FILE} under DATA_DIR. Set JWT_SECRET in production.`,
  );
  return readFileSync(file, "utf8").trim();
}
