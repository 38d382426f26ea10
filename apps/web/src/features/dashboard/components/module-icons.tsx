import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import type { ModuleId } from '@gdf/domain';
import type { ReactNode } from 'react';

/** Decorative icon of each card (the title says what it is). */
export const MODULE_ICONS: Record<ModuleId, ReactNode> = {
  parametrage_plan_comptable: <SettingsOutlined aria-hidden />,
  creation_factures: <ReceiptLongOutlined aria-hidden />,
  recapitulatif_mensuel: <CalendarMonthOutlined aria-hidden />,
  recherche_flux_financiers: <SearchOutlined aria-hidden />,
  sage_sepa: <FileDownloadOutlined aria-hidden />,
  rib: <AccountBalanceOutlined aria-hidden />,
  etats_statistiques: <BarChartOutlined aria-hidden />,
  recherche_flux_comptabilite: <SearchOutlined aria-hidden />,
  plan_comptable: <ListAltOutlined aria-hidden />,
  type_facturation: <CategoryOutlined aria-hidden />,
  plan_analytique: <AccountTreeOutlined aria-hidden />,
  flux_financier: <SwapHorizOutlined aria-hidden />,
  export_sepa: <FileDownloadOutlined aria-hidden />,
  export_sage: <FileDownloadOutlined aria-hidden />,
};
