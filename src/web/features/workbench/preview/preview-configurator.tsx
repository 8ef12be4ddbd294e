/**
 * The dealers' own page body for a form, as the preview shows it: the same configurator components, handed the draft's
 * compiled definition through DefinitionSourceContext (nothing fetched, saved or sent).
 */
import { useMemo, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import type { CompiledDefinition } from '../../../../engine';
import { DefinitionSourceContext, type DefinitionSource } from '../../../forms';
import { CartPage, cartKinds, type CartKind } from '../../carts';
import { EngineeringRequestForm } from '../../engineering';
import { PatioCoverConfigurator, pavilionRoute, pergolaRoute } from '../../patio-covers';
import { SunroomConfigurator } from '../../sunroom';
import type { PreviewController } from './preview-controller';

// The preview plays as a dealer without locations (as golden orders do unless they say otherwise).
const noLocations: Record<string, string> = {};
const closeNothing = () => {};

function cartKindOf(form: string): CartKind | undefined {
  return (Object.keys(cartKinds) as CartKind[]).find((kind) => cartKinds[kind].form === form);
}

/** Whether the workbench can show this form's page. */
export function hasPreviewPage(form: string): boolean {
  return ['pergola', 'pavilion', 'sunroom', 'screenroom', 'impact', 'engineering'].includes(form) || !!cartKindOf(form);
}

export function PreviewConfigurator({
  definition,
  controller,
}: {
  definition: CompiledDefinition;
  controller: PreviewController;
}) {
  const source = useMemo<DefinitionSource>(
    () => ({
      definitionOf: (form) => (form === definition.form ? definition : undefined),
      storeFor: (compiled, context) => controller.storeFor(compiled, context),
    }),
    [definition, controller],
  );
  const form = definition.form;
  const kind = cartKindOf(form);
  let page: ReactNode;
  if (form === 'pergola' || form === 'pavilion')
    page = (
      <PatioCoverConfigurator
        definition={definition}
        locations={noLocations}
        target={form === 'pergola' ? pergolaRoute.target : pavilionRoute.target}
      />
    );
  else if (form === 'sunroom' || form === 'screenroom' || form === 'impact')
    page = <SunroomConfigurator definition={definition} locations={noLocations} />;
  else if (form === 'engineering')
    page = <EngineeringRequestForm definition={definition} locations={noLocations} onClose={closeNothing} />;
  else if (kind) page = <CartPage kind={kind} />;
  else page = <Alert severity="info">The workbench has no page for the form {form}.</Alert>;
  return <DefinitionSourceContext.Provider value={source}>{page}</DefinitionSourceContext.Provider>;
}
