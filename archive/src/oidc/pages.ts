// The identity provider's HTML pages: sign-in, sign-out and errors. Plain HTML with inline CSS and
// no external assets, so they work offline and under a strict Content-Security-Policy.
import { createHash } from "node:crypto";
import type { IdentityUser } from "./identities";

// The CSP sent with every page: inline styles only, no scripts, no framing.
export const pageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

const style = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; padding: 2rem 1rem; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; margin: 0 auto; }
  h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.1rem; margin-top: 2rem; }
  form { display: grid; gap: .5rem; margin-top: 1rem; }
  label { font-weight: 600; }
  input { font: inherit; padding: .5rem; border: 1px solid GrayText; border-radius: .25rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  button { font: inherit; padding: .5rem 1rem; border-radius: .25rem; border: 1px solid ButtonBorder; cursor: pointer; }
  button.primary { background: #1d4ed8; color: #fff; border-color: #1d4ed8; margin-top: .5rem; }
  .error { border: 2px solid #b91c1c; color: #b91c1c; background: #fee2e2; padding: .5rem .75rem; border-radius: .25rem; }
  @media (prefers-color-scheme: dark) { .error { background: #450a0a; color: #fecaca; } }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid GrayText; }
  code { font-family: ui-monospace, monospace; }
`;

// Escapes text for HTML content and attribute values.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Scriptorium archive</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  abortAction: string;
  clientName: string;
  username?: string;
  error?: string;
  // Listed with their passwords when the demo identities are in use.
  demoUsers?: IdentityUser[];
}

// The sign-in form shown during an authorization request.
export function loginPage(options: LoginPageOptions): string {
  const error = options.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>`
    : "";
  const describedBy = options.error ? ` aria-describedby="login-error" aria-invalid="true"` : "";
  const focusUser = options.username ? "" : " autofocus";
  const focusPassword = options.username ? " autofocus" : "";
  return layout(
    "Sign in",
    `<h1>Sign in to the archive</h1>
<p>${escapeHtml(options.clientName)} asks you to sign in.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(options.username ?? "")}"${focusUser}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${focusPassword}>
<button type="submit" class="primary">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.abortAction)}">
<button type="submit">Cancel</button>
</form>
${options.demoUsers?.length ? demoTable(options.demoUsers) : ""}`,
  );
}

function demoTable(users: IdentityUser[]): string {
  const rows = users
    .map(
      (u) =>
        `<tr><td><code>${escapeHtml(u.username)}</code></td><td><code>${escapeHtml(u.password)}</code></td><td>${escapeHtml(u.name)}</td><td>${escapeHtml(u.roles.join(", "))}</td><td>${escapeHtml(u.tenants.join(", "))}</td></tr>`,
    )
    .join("\n");
  return `<h2 id="demo-users">Demo users</h2>
<p>These accounts exist only in the demo configuration.</p>
<table aria-labelledby="demo-users">
<thead><tr><th scope="col">Username</th><th scope="col">Password</th><th scope="col">Name</th><th scope="col">Roles</th><th scope="col">Tenants</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

// Asks before ending the session; `form` is the provider's hidden confirmation form.
export function logoutPage(form: string, clientName: string | undefined): string {
  const from = clientName ? ` and from ${escapeHtml(clientName)}` : "";
  return layout(
    "Sign out",
    `<h1>Sign out</h1>
<p>Do you want to sign out of the archive${from}?</p>
${form}
<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

const submitScript = `document.forms[0].submit();`;
const submitScriptHash = createHash("sha256").update(submitScript).digest("base64");

// Ends the session at once: the confirmation form, submitted by the one script its CSP allows;
// without scripts a person presses the button.
export function signingOutPage(
  action: string,
  xsrf: string,
): { html: string; securityPolicy: string } {
  const html = layout(
    "Signing out",
    `<h1>Signing out</h1>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}">
<input type="hidden" name="logout" value="yes">
<noscript><button type="submit" class="primary">Sign out</button></noscript>
</form>
<script>${submitScript}</script>`,
  );
  return {
    html,
    securityPolicy: `${pageSecurityPolicy}; script-src 'sha256-${submitScriptHash}'`,
  };
}

// Shown after sign-out when the client gave no post-logout redirect.
export function loggedOutPage(): string {
  return layout("Signed out", `<h1>Signed out</h1><p>You have signed out of the archive.</p>`);
}

// The provider's error page; `out` holds `error` and `error_description`.
export function errorPage(out: Record<string, unknown>): string {
  const description =
    typeof out.error_description === "string" ? out.error_description : "The request failed.";
  const code = typeof out.error === "string" ? out.error : "server_error";
  return layout(
    "Sign-in problem",
    `<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHtml(description)}</p>
<p>Error code: <code>${escapeHtml(code)}</code>. Go back to the application and try again.</p>`,
  );
}
