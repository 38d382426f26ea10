import { SEPA_WRITE } from '@gdf/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentStructure, useSession } from '@/lib/session';
import { bankStatementMessages as m } from '../messages';
import { BankEntryList } from './BankEntryList';
import { BankStatementImport } from './BankStatementImport';
import { BankStatementList } from './BankStatementList';

/** The statement shown lives in the URL (?releve=), so a reload or a shared link reopens it. */
const STATEMENT_KEY = 'releve';

/**
 * 'Relevés bancaires' (R-BANK-07): import the head office's statements, follow their
 * reconciliation, and reconcile each credit from its proposals. Reading needs the SEPA
 * module and the head office (the server says so otherwise); importing and reconciling the
 * SEPA write grant, which the server checks again.
 */
export function BankStatementsSection() {
  const titleId = useId();
  const { structureId } = useCurrentStructure();
  const { me, grants } = useSession();
  const canWrite = me.isSuperAdmin || grants.includes(SEPA_WRITE);
  const [params, setParams] = useSearchParams();
  const raw = params.get(STATEMENT_KEY);
  const selectedId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const select = (id: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(STATEMENT_KEY, String(id));
      return next;
    });

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {m.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.intro}
      </Typography>
      {canWrite && (
        <BankStatementImport
          structureId={structureId}
          onImported={(result) => {
            const first = result.releves[0];
            if (first) select(first.id);
          }}
        />
      )}
      <BankStatementList
        structureId={structureId}
        selectedId={selectedId}
        onSelect={(statement) => select(statement.id)}
      />
      {selectedId === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {m.selectStatement}
        </Typography>
      ) : (
        <BankEntryList key={selectedId} structureId={structureId} statementId={selectedId} canWrite={canWrite} />
      )}
    </Box>
  );
}
