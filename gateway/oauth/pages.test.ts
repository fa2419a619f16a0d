import { pageHeaders } from "./pages";

const formAction = (redirectUri?: string) => /form-action ([^;]*)/.exec(pageHeaders(redirectUri)["Content-Security-Policy"] ?? "")?.[1];

describe("the OAuth pages' form-action", () => {
  it.each([
    [undefined, "'self'"],
    ["https://robot.example.com/callback?x=1", "'self' https://robot.example.com"],
    ["http://127.0.0.1:51004/callback", "'self' http://127.0.0.1:51004"],
    ["http://localhost:8765/cb", "'self' http://localhost:8765"],
    // A CSP source cannot name an IPv6 literal: its scheme instead.
    ["http://[::1]:61023/cb", "'self' http:"],
    ["com.example.app:/callback", "'self' com.example.app:"],
  ])("for a redirect URI %s is %s", (redirectUri, expected) => {
    expect(formAction(redirectUri)).toBe(expected);
  });
});
