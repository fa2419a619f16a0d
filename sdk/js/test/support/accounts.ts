import { Stint, type Session } from "../../src/index";

export const PASSWORD = "correct horse battery";

export function uniqueLabel(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A new organization and its owner, signed up through the library itself. */
export async function signUp(baseUrl: string, label = "owner"): Promise<{ session: Session; email: string; stint: Stint }> {
  const email = `${label}-${uniqueLabel()}@example.test`;
  const session = await new Stint({ baseUrl }).auth.register({
    email,
    password: PASSWORD,
    name: label,
    organizationName: `${label} org ${uniqueLabel()}`,
  });
  return { session, email, stint: new Stint({ baseUrl, accessToken: session.access_token }) };
}
