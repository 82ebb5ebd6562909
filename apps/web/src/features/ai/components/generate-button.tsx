import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Icon } from '../../../shared/ui/icons.tsx';
import type { GeneratorKind } from '../api/generator-api.ts';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialog (the request's schema, zod and react-bootstrap's Modal with it) downloads when it is first opened.
const GenerateDialog = lazy(async () => ({ default: (await import('./generate-dialog.tsx')).GenerateDialog }));

/** The "Generate with AI" button and its dialog. */
export function GenerateButton({ kind, onCreated }: { kind: GeneratorKind; onCreated: (id: string) => void }) {
  const [open, setOpen] = useState<{ seq: number; open: boolean } | null>(null);
  useUnmountWhenClosed(open, setOpen);
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setOpen((o) => ({ seq: (o?.seq ?? 0) + 1, open: true }))}>
        <Icon name="stars" className="me-1" />
        Generate with AI
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GenerateDialog
            key={open.seq}
            kind={kind}
            show={open.open}
            onClose={() => setOpen((o) => o && { ...o, open: false })}
            onCreated={(id) => {
              setOpen((o) => o && { ...o, open: false });
              onCreated(id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
