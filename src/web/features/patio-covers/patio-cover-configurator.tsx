import { lazy, Suspense, useMemo } from 'react';
import { Stack } from '@mui/material';
import type { CompiledDefinition, FormContext } from '../../../engine';
import { useAuth } from '../../app/auth/auth-provider';
import { DefinitionForm, useFormSession } from '../../forms';
import {
  ConfiguratorSubmitArea,
  LiveMissingList,
  StartNewOrder,
  useConfiguratorContacts,
  useConfiguratorSubmit,
  usePriceAfterField,
  type SubmitTarget,
} from '../../forms/configurator';
import { usePostalCodeLookup } from '../../forms/postal-code-lookup';
import { patioCoverRefusalTexts } from './patio-cover-forms';

// Shown only after a submit: its own chunk (with the furniture editor), loaded then.
const DrawingOverlay = lazy(() => import('../drawings').then((m) => ({ default: m.DrawingOverlay })));

interface PatioCoverConfiguratorProps {
  definition: CompiledDefinition;
  locations: Record<string, string>;
  target: SubmitTarget;
}

/** One pergola or pavilion form: the engine-driven sections, the live price after the width, the missing list and the submit flow. */
export function PatioCoverConfigurator({ definition, locations, target }: PatioCoverConfiguratorProps) {
  const { account } = useAuth();
  const context = useMemo<FormContext>(() => ({ locations }), [locations]);
  const session = useFormSession(definition, context, {
    draftKey: `${definition.form}:${account?.username ?? 'anonymous'}`,
  });
  const { store, clearDraft, isRestoringDraft } = session;
  usePostalCodeLookup(store);
  const contacts = useConfiguratorContacts();
  const submit = useConfiguratorSubmit({
    store,
    target,
    clearDraft,
    supportContact: contacts.support,
    refusalTexts: patioCoverRefusalTexts,
  });
  const priceAfterWidth = usePriceAfterField(store);

  return (
    <Stack spacing={3} data-draft-restored={isRestoringDraft ? undefined : 'true'} data-form={definition.form}>
      <StartNewOrder form={definition.form} session={session} onFormReplaced={submit.startOver} />
      <DefinitionForm
        id={`${definition.form}-form`}
        store={store}
        onSubmitRequest={submit.requestSubmit}
        fieldExtras={priceAfterWidth}
      />
      <LiveMissingList store={store} />
      <ConfiguratorSubmitArea
        store={store}
        submit={submit}
        attachmentsContact={contacts.attachments}
        renderDrawings={(drawings) => (
          <Suspense fallback={null}>
            <DrawingOverlay {...drawings} closeLabel="Return to ordering" />
          </Suspense>
        )}
      />
    </Stack>
  );
}
