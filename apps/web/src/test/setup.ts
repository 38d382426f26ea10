import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/auth-token';

// Lazy pages are transformed on first import: on a loaded 2-core CI machine that can take
// more than Testing Library's default 1 s, so findBy* waits longer (it still fails if absent).
// Seen at load 17 on 2 cores: 5 s was not enough for a page's first lazy import, and at load
// 20 the flux page's search on arrival took over 10 s; the test's own limit is 30 s.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  resetSessionForTests();
  vi.unstubAllGlobals();
});
