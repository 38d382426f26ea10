/** A demo account's bearer token from the server at `address` (every demo account's password). */
export async function signInToken(address: string, email: string, password = 'demo1234'): Promise<string> {
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Connexion de ${email} refusée : ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
