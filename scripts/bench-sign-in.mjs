// Signing in to the dashboard for a benchmark, through its real sign-in: next-auth's endpoints and
// the embedded archive's sign-in form, followed redirect by redirect with a cookie jar per origin.

// One cookie jar per origin, enough for next-auth and the archive's sign-in.
class Jar {
  cookies = new Map();
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value && !/max-age=0/i.test(line)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

async function browse(jar, url, init = {}) {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set("cookie", jar.header());
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  const location = response.headers.get("location");
  return {
    response,
    body: await response.text(),
    next: location ? new URL(location, url).href : null,
  };
}

// Signs `user` in to the dashboard at `dashboard` (its identity provider the archive at
// `archive`); returns the dashboard's cookies as a Cookie header.
export async function signIn({ dashboard, archive, user, password = user }) {
  const dashboardJar = new Jar();
  const archiveJar = new Jar();
  const jarFor = (url) => (url.startsWith(dashboard) ? dashboardJar : archiveJar);
  const csrf = await browse(dashboardJar, `${dashboard}/api/auth/csrf`);
  const { csrfToken } = JSON.parse(csrf.body);
  let step = await browse(dashboardJar, `${dashboard}/api/auth/signin/oidc`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${dashboard}/` }).toString(),
  });
  for (let hops = 0; step.next && hops < 12; hops++) {
    if (step.next.startsWith(`${dashboard}/`) && !step.next.includes("/api/auth/")) break;
    step = await browse(jarFor(step.next), step.next);
    const form = /<form method="post" action="([^"]+\/login)"/.exec(step.body)?.[1];
    if (form) {
      const action = new URL(form.replaceAll("&#38;", "&"), step.response.url || archive).href;
      step = await browse(archiveJar, action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: user, password }).toString(),
      });
    }
  }
  const cookie = dashboardJar.header();
  const check = await fetch(`${dashboard}/api/ingest/sip/x/y`, { headers: { cookie } });
  if (check.status === 401)
    throw new Error(`Signing in as ${user} did not give a dashboard session.`);
  return cookie;
}
