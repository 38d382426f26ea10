import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useAppMode } from '@/lib/app-mode';
import { TopBar } from './TopBar';

/** Authenticated page frame; embedded pages have no bar (the parent app shows its own). */
export function AppShell({ children }: { children: ReactNode }) {
  const appMode = useAppMode();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {appMode === 'standalone' && <TopBar />}
      <Box component="main">{children}</Box>
    </Box>
  );
}
