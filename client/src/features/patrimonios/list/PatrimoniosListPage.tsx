import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import LibraryAdd from '@mui/icons-material/LibraryAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import { PATRIMONIO_MSG, PATRIMONIO_SORT_KEYS, formatInteger, type PatrimonioListItem } from '@tombo/shared';
import { RegisterList, type ListParams, type RegisterConfig } from '../../../components/register';
import type { PageProps } from '../../../lib/feature';
import { useCan } from '../../../lib/permissions';
import { useFormFields } from '../../catalogs';
import { exportPatrimonios } from '../api';
import { usePatrimonioList } from '../queries';
import { AssetBulkActions } from './AssetBulkActions';
import { ASSET_PHONE_SORTS, assetCard, assetSortLabel } from './cards';
import { assetActions, assetColumns, assetHref } from './columns';
import { ASSET_FILTER_KEYS, useAssetFilters } from './filters';

function useAssetRows(params: ListParams) {
  const q = usePatrimonioList(params);
  return { ...q, rows: q.data?.patrimonios, total: q.data?.total };
}

/** /bens-cadastrados: the asset register through the register kit. */
export default function PatrimoniosListPage({ title }: PageProps) {
  const can = useCan();
  const canCreate = can('bens:create');
  const canUpdate = can('bens:update');
  const canPrint = can('exports:generate');
  const fields = useFormFields().data;
  const config = useMemo<RegisterConfig<PatrimonioListItem>>(
    () => ({
      id: 'patrimonios',
      label: 'Bens cadastrados',
      noun: ['bem', 'bens'],
      count: (n) => `${formatInteger(n)} ${n === 1 ? 'bem encontrado' : 'bens encontrados'}`,
      searchLabel: 'Buscar por número ou descrição',
      emptyText: 'Nenhum bem cadastrado.',
      emptyFilteredText: 'Nenhum bem corresponde à busca ou aos filtros.',
      loadFailed: PATRIMONIO_MSG.loadFailed,
      shape: {
        sorts: PATRIMONIO_SORT_KEYS,
        defaultSort: 'createdAt',
        filterKeys: ASSET_FILTER_KEYS,
        customFilters: true,
      },
      useRows: useAssetRows,
      columns: assetColumns((fields ?? []).filter((f) => f.isCustom)),
      useFilters: useAssetFilters,
      phoneSorts: ASSET_PHONE_SORTS,
      sortLabel: assetSortLabel,
      card: assetCard,
      rowHref: assetHref,
      actions: assetActions(canUpdate),
      actionsWidth: canUpdate ? 80 : 48,
      exportJob: { start: exportPatrimonios, title: 'Exportação de bens' },
      bulk: {
        allFiltered: canUpdate,
        actions: (selection, done) => (
          <AssetBulkActions selection={selection} done={done} canUpdate={canUpdate} canPrint={canPrint} />
        ),
      },
    }),
    [fields, canUpdate, canPrint],
  );
  return (
    <RegisterList
      title={title}
      subtitle={
        canCreate
          ? 'Todos os bens móveis do município, com número de patrimônio único.'
          : 'Consulta dos bens móveis do município.'
      }
      config={config}
      actions={
        canCreate && (
          <>
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/bens-cadastrados/novo">
              Novo Cadastro
            </Button>
            <Button
              variant="outlined"
              startIcon={<LibraryAdd />}
              component={RouterLink}
              to="/bens-cadastrados/novo-lote"
            >
              Cadastro em Lote
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFile />}
              component={RouterLink}
              to="/bens-cadastrados/importar"
            >
              Importar
            </Button>
          </>
        )
      }
    />
  );
}
