import { anAcceptance, anApiKey, anInvitation, type ApiKeyBody } from "./builders";
import { client, setUpRequest, type Account, type Client } from "./http";

/** Invites someone into the owner's organization and has them accept: a signed-in teammate. */
export async function joinTeam(baseUrl: string, owner: Client, role: "admin" | "member"): Promise<{ account: Account; api: Client }> {
  const invited = await owner.post<{ data: { token: string } }>("/api/v1/users/invitations", anInvitation({ role }));
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.text}`);
  const joined = await setUpRequest<Account>(baseUrl, "POST", "/api/auth/invitations/accept", {
    body: anAcceptance(invited.body.data.token, { name: role }),
  });
  if (joined.status !== 201) throw new Error(`joining failed: ${joined.status} ${joined.text}`);
  return { account: joined.body, api: client(baseUrl, { authorization: `Bearer ${joined.body.access_token}` }) };
}

/** An API key the owner makes (reading projects unless `body` says otherwise), and a client that sends it. */
export async function withApiKey(
  baseUrl: string,
  owner: Client,
  body: Partial<ApiKeyBody> = {},
): Promise<{ id: string; key: string; headers: { "x-api-key": string }; api: Client }> {
  const created = await owner.post<{ data: { id: string; key: string } }>("/api/v1/api-keys", anApiKey(body));
  if (created.status !== 201) throw new Error(`API key not created: ${created.status} ${created.text}`);
  const { id, key } = created.body.data;
  return { id, key, headers: { "x-api-key": key }, api: client(baseUrl, { "x-api-key": key }) };
}
