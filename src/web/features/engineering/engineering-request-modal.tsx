import { Alert, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { LoadingText } from '../../shared/components/loading-text';
import { useCompiledDefinition } from '../../forms/use-compiled-definition';
import { EngineeringRequestForm } from './engineering-request-form';

/** The engineering request modal of the ordering home (spec 1 §2-5, 7-9). */
export function EngineeringRequestModal({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="engineering-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="engineering-title" sx={{ pr: 7 }}>
        Order Engineering
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {isOpen ? <EngineeringRequestLoader onClose={onClose} /> : null}
    </Dialog>
  );
}

/** Waits for the definition and the dealer's locations (they decide which fields exist), then shows the form. */
function EngineeringRequestLoader({ onClose }: { onClose(): void }) {
  const { compiled, isFailed } = useCompiledDefinition('engineering');
  const locations = useLocations();

  if (isFailed) {
    return (
      <DialogContent dividers>
        <Alert severity="error">The engineering request form could not be loaded. Please close it and try again.</Alert>
      </DialogContent>
    );
  }
  if (!compiled || locations.isPending) {
    return (
      <DialogContent dividers>
        <LoadingText />
      </DialogContent>
    );
  }
  return <EngineeringRequestForm definition={compiled} locations={locations.locations} onClose={onClose} />;
}

export default EngineeringRequestModal;
