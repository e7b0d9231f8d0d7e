import { useState } from 'react';
import type { Manutencao } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCan } from '../../lib/permissions';
import type { ManutencaoBody } from './api';
import { ManutencaoDialog } from './ManutencaoDialog';
import { useManutencaoMutations } from './queries';

/**
 * What the page and a property's section share: the create/edit dialog, the delete confirmation and
 * 'Concluir' (a recurring task's next occurrence comes back as a live `manutencao.created`).
 */
export function useManutencaoActions(imovelId: number | null) {
  const canManage = useCan()('manutencoes:manage');
  const { create, update, remove } = useManutencaoMutations();
  const [editing, setEditing] = useState<Manutencao | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Manutencao | null>(null);
  const close = () => {
    setEditing(null);
    setCreating(false);
  };
  const submit = (body: ManutencaoBody | Omit<ManutencaoBody, 'status'>) => {
    if (editing) update.mutate({ id: editing.id, body: { ...body, version: editing.version } }, { onSuccess: close });
    else create.mutate(body as ManutencaoBody, { onSuccess: close });
  };
  const dialogs = (
    <>
      <ManutencaoDialog
        open={creating || !!editing}
        task={editing}
        imovelId={imovelId}
        canManage={canManage}
        busy={create.isPending || update.isPending}
        onClose={close}
        onTaskChanged={setEditing}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Excluir tarefa"
        message={
          deleting ? `Excluir a tarefa '${deleting.titulo}' e seus anexos? Esta ação não pode ser desfeita.` : ''
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
  return {
    canManage,
    dialogs,
    onNew: () => setCreating(true),
    onEdit: setEditing,
    onDelete: setDeleting,
    onComplete: (m: Manutencao) => update.mutate({ id: m.id, body: { status: 'concluida', version: m.version } }),
  };
}
