export const defaultFlags = { newCheckout: false, requireMfa: true };

export function loadFlags() {
  return { ...defaultFlags };
}
