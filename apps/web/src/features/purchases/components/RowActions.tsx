import { IconButton } from '@/components/IconButton';

/** Edit and delete buttons of one purchase row, named after the product for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <IconButton icon="edit" label={`Edit ${name}`} tone="primary" onClick={onEdit} />
      <IconButton icon="trash" label={`Delete ${name}`} tone="danger" onClick={onDelete} />
    </div>
  );
}
