export interface SignInPageModel {
  redirectUri: string;
  state: string;
  username: string;
  error?: string;
  accounts: { username: string; displayName: string }[];
  /** This answer's CSP nonces for the page's one inline style and script. */
  nonce: { script: string; style: string };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The local sign-in page: plain HTML, no framework, usable by keyboard and screen reader. */
export function renderSignInPage(model: SignInPageModel): string {
  const e = escapeHtml;
  const accountRows = model.accounts
    .map(
      (
        a,
      ) => `<li><button type="button" class="account" data-username="${e(a.username)}">Use <strong>${e(a.username)}</strong></button>
        <span>${e(a.displayName)}</span></li>`,
    )
    .join('\n');
  const error = model.error ? `<p id="sign-in-error" class="error" role="alert">${e(model.error)}</p>` : '';
  const described = model.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - TEMO Dealer Portal</title>
<style nonce="${e(model.nonce.style)}">
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; background: #f4f6f8; color: #1a1a1a; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  h2 { font-size: 1.1rem; margin-top: 2rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; font-size: 1rem; border: 1px solid #5f6b7a; border-radius: 4px; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: 4px; border: 1px solid #0d47a1; cursor: pointer; }
  button[type=submit] { margin-top: 1.5rem; background: #0d47a1; color: #fff; width: 100%; }
  button.account { background: #fff; color: #0d47a1; padding: .3rem .8rem; margin-right: .5rem; }
  button:focus-visible, input:focus-visible { outline: 3px solid #ff9800; outline-offset: 2px; }
  ul { list-style: none; padding: 0; }
  li { margin: .5rem 0; }
  .error { color: #b00020; background: #fdecea; padding: .6rem; border-radius: 4px; font-weight: 600; }
  .hint { color: #4a4a4a; }
</style>
</head>
<body>
<main>
<h1>Sign in to the TEMO Dealer Portal</h1>
<p class="hint">Local sign-in for the demo accounts. All of them use the password <strong>demo1234</strong>.</p>
${error}
<form method="post" action="/auth/local/authorize">
  <input type="hidden" name="redirect_uri" value="${e(model.redirectUri)}">
  <input type="hidden" name="state" value="${e(model.state)}">
  <label for="username">Username</label>
  <input id="username" name="username" autocomplete="username" required value="${e(model.username)}"${described}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${described}>
  <button type="submit">Sign in</button>
</form>
<h2>Demo accounts</h2>
<ul>
${accountRows}
</ul>
</main>
<script nonce="${e(model.nonce.script)}">
  for (const button of document.querySelectorAll('button.account')) {
    button.addEventListener('click', () => {
      document.getElementById('username').value = button.dataset.username;
      document.getElementById('password').value = 'demo1234';
      document.getElementById('password').focus();
    });
  }
</script>
</body>
</html>
`;
}
