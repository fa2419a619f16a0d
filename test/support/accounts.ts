import { client, setUpRequest, type Account, type Client } from "./http";

/** Invites someone into the owner's organization and has them accept: a signed-in teammate. */
export async function joinTeam(baseUrl: string, owner: Client, role: "admin" | "member"): Promise<{ account: Account; api: Client }> {
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;
  const invited = await owner.post<{ data: { token: string } }>("/api/v1/users/invitations", { email, role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.text}`);
  const joined = await setUpRequest<Account>(baseUrl, "POST", "/api/auth/invitations/accept", {
    body: { token: invited.body.data.token, name: role, password: "teammate password 1" },
  });
  if (joined.status !== 201) throw new Error(`joining failed: ${joined.status} ${joined.text}`);
  return { account: joined.body, api: client(baseUrl, { authorization: `Bearer ${joined.body.access_token}` }) };
}
