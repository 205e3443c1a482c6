/**
 * How non-React code (the HTTP client) changes the page: the router registers its `navigate`; until
 * then a full page load is used. Also the session-clearing redirect of SPEC §8.
 */
let navigateFn: (to: string) => void = (to) => {
  window.location.assign(to);
};

/** Registers the router's navigate function (done once by the router module). */
export function registerNavigator(fn: (to: string) => void): void {
  navigateFn = fn;
}

/** Navigates inside the app. */
export function navigateTo(to: string): void {
  navigateFn(to);
}

let pendingLoginRedirect: ReturnType<typeof setTimeout> | null = null;

/**
 * Goes to /login after `delayMs` unless the address already contains 'login' (SPEC §8 token codes);
 * repeated calls while one is pending do nothing.
 */
export function redirectToLogin(delayMs: number): void {
  if (window.location.href.includes('login') || pendingLoginRedirect) return;
  const go = (): void => {
    pendingLoginRedirect = null;
    if (!window.location.href.includes('login')) navigateTo('/login');
  };
  if (delayMs <= 0) go();
  else pendingLoginRedirect = setTimeout(go, delayMs);
}
