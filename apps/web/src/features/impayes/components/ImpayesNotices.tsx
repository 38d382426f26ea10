import Alert from '@mui/material/Alert';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { impayesMessages as m } from '../messages';
import type { ImpayesActions } from './use-impayes-actions';

/** What the last action left: its result, the job it started, the letters e-mailed and those left out. */
export function ImpayesNotices({ notices }: { notices: ImpayesActions['notices'] }) {
  const { notice, setNotice, started, mailed, setMailed, reload } = notices;
  const mailText = mailed && (mailed.count > 0 ? m.mailQueued(mailed.count) : m.mailNothingQueued);
  return (
    <>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)} role="status">
          {notice.text}
        </Alert>
      )}
      {started && (
        <JobStartedAlert key={started.job.id} job={started.job} onFinished={() => void reload()}>
          {started.text}
        </JobStartedAlert>
      )}
      {mailed &&
        (mailed.job ? (
          <JobStartedAlert key={mailed.job.id} job={mailed.job}>
            {mailText}
          </JobStartedAlert>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {mailText}
          </Alert>
        ))}
      {mailed && mailed.leftOut.length > 0 && (
        <Alert severity="warning" sx={{ my: 2 }} onClose={() => setMailed({ ...mailed, leftOut: [] })}>
          {m.mailLeftOut(mailed.leftOut.length)}
          <ul style={{ margin: 0 }}>
            {mailed.leftOut.map((item) => (
              <li key={`${item.type}:${item.id}`}>{m.mailLeftOutLine(item.structure, item.raison)}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
