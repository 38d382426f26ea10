import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import Chip from '@mui/material/Chip';
import type { StructureRib } from '../api/get-structure-ribs';
import { ribMessages } from '../messages';

/** Valid: the account in use with a well-formed IBAN. A bad checksum outranks "inactive". */
export function RibValidity({ rib }: { rib: Pick<StructureRib, 'EST_Valide' | 'ibanValide'> }) {
  if (!rib.ibanValide) {
    return (
      <Chip
        size="small"
        color="error"
        variant="outlined"
        icon={<ErrorOutlineOutlined />}
        label={ribMessages.invalidIban}
      />
    );
  }
  if (!rib.EST_Valide) {
    return <Chip size="small" variant="outlined" icon={<PauseCircleOutlined />} label={ribMessages.inactive} />;
  }
  return (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlined />} label={ribMessages.valid} />
  );
}
