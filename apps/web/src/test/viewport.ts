/** happy-dom's window: its viewport drives matchMedia, hence MUI's useMediaQuery. */
interface HappyDomWindow {
  happyDOM: { setViewport: (viewport: { width: number; height: number }) => void };
}

/** Resizes the test window (happy-dom starts at 1024 x 768); reset it after the test. */
export function setViewport(width: number, height: number): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1024, height: 768 } as const;
