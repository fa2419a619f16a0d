import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { User } from "./contract";

/** A user as stored. The password hash never leaves the auth service. */
export interface UserDocument extends StoredDocument, Omit<User, "id"> {
  password_hash: string;
}

export const USERS: CollectionSpec = {
  name: "users",
  indexes: [{ fields: { email: 1 }, unique: true }, { fields: { organization_id: 1, role: 1 } }],
};

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
