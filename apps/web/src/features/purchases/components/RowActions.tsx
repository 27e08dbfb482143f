import { Icon } from '@/components/Icon';

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
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Edit ${name}`}
        className="inline-flex size-10 items-center justify-center rounded-lg text-blue-700 hover:bg-blue-50"
      >
        <Icon name="edit" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="inline-flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
      >
        <Icon name="trash" />
      </button>
    </div>
  );
}
