/**
 * The API key lives in sessionStorage only: gone when the tab closes, never in the URL, a cookie
 * or localStorage, and cleared on sign-out.
 */
const KEY = 'hookline.apiKey';

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (apiKey: string) => sessionStorage.setItem(KEY, apiKey),
  signOut: () => sessionStorage.removeItem(KEY),
};
