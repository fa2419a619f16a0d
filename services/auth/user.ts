import { z } from "zod";
import { ROLES, type Role } from "../../shared/identity";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

/** A user as stored. The password hash never leaves the auth service. */
export interface UserDocument extends StoredDocument {
  organization_id: string;
  /** Lower-cased; one account per address across the deployment. */
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export const USERS: CollectionSpec = {
  name: "users",
  indexes: [{ fields: { email: 1 }, unique: true }, { fields: { organization_id: 1, role: 1 } }],
};

/** A user as every answer shows them, here and in the users service. */
export type User = { id: string } & Omit<UserDocument, "_id" | "password_hash">;

export const userSchema = z
  .object({
    id: idSchema("user"),
    organization_id: idSchema("organization"),
    email: z
      .string()
      .describe("Lower-cased; one account per address")
      .meta({ examples: ["ada@example.com"] }),
    name: z.string(),
    role: z.enum(ROLES),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "User", description: "A person in an organization" });
assertSameShape<SameShape<z.output<typeof userSchema>, User>>();

export function presentUser(doc: UserDocument): User {
  return {
    id: doc._id,
    organization_id: doc.organization_id,
    email: doc.email,
    name: doc.name,
    role: doc.role,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
