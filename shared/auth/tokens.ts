import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jwt from "jsonwebtoken";
import type { Config } from "../config";
import { PLANS, ROLES, type Plan, type Role } from "../identity";
import { randomSecret } from "./secrets";

export const TOKEN_ISSUER = "stint";
export const TOKEN_AUDIENCE = "stint-api";
const ALGORITHM = "HS256";

export interface AccessClaims {
  userId: string;
  organizationId: string;
  plan: Plan;
  role: Role;
  /** Epoch milliseconds (the standard `iat` has whole seconds only, too coarse for revocation). */
  issuedAtMs: number;
}

export interface TokenSigner {
  readonly ttlSeconds: number;
  sign(claims: Omit<AccessClaims, "issuedAtMs">): string;
  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong audience...). */
  verify(token: string): AccessClaims | null;
}

export function tokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  return {
    ttlSeconds,
    sign(claims) {
      return jwt.sign({ org: claims.organizationId, plan: claims.plan, role: claims.role, iat_ms: Date.now() }, secret, {
        algorithm: ALGORITHM,
        expiresIn: ttlSeconds,
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
        const { sub, org, plan, role, iat_ms } = payload as { sub?: unknown; org?: unknown; plan?: unknown; role?: unknown; iat_ms?: unknown };
        if (typeof sub !== "string" || typeof org !== "string" || typeof iat_ms !== "number") return null;
        if (!(ROLES as readonly unknown[]).includes(role) || !(PLANS as readonly unknown[]).includes(plan)) return null;
        return { userId: sub, organizationId: org, plan: plan as Plan, role: role as Role, issuedAtMs: iat_ms };
      } catch {
        return null;
      }
    },
  };
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
  warn(`JWT_SECRET is not set: signing tokens with a development key kept in ${DEVELOPMENT_SECRET_FILE} under DATA_DIR. Set JWT_SECRET in production.`);
  return readFileSync(file, "utf8").trim();
}
