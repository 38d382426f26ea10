import { useSearchParams } from 'react-router';

/**
 * appMode=embedded: the page is framed by the parent club-management app, which has its
 * own top bar (R-UI-03). Any other value, or none, means standalone.
 */
export type AppMode = 'embedded' | 'standalone';

function parseAppMode(value: string | null): AppMode {
  return value === 'embedded' ? 'embedded' : 'standalone';
}

export function useAppMode(): AppMode {
  const [searchParams] = useSearchParams();
  return parseAppMode(searchParams.get('appMode'));
}
