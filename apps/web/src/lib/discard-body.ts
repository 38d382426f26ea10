/**
 * Reads an answer the page does not use (a 401 before a retry, a refused refresh, the logout's
 * reply) to its end: a response never read stays open in Chromium, so the page never reaches
 * network idle, which automated checks and some proxies wait for.
 */
export async function discardBody(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // The connection broke meanwhile: nothing is left open.
  }
}
