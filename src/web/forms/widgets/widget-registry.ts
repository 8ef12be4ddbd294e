import type { ComponentType } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as muiWidgets } from '@rjsf/mui';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { CheckboxQuantityWidget } from './checkbox-quantity-widget';
import { connectWidget } from './connect-widget';
import { CurrencyWidget } from './currency-widget';
import { FeetInchesWidget } from './feet-inches-widget';
import { ImageChoiceWidget } from './image-choice-widget';
import { RadioWidget } from './radio-widget';
import { SelectWidget } from './select-widget';
import { StepperWidget } from './stepper-widget';
import { YesNoWidget } from './yes-no-widget';

/** Widgets a ui.json names with `ui:widget` (beyond rjsf's own names such as select, radio, hidden). */
export const customWidgets = {
  stepper: StepperWidget,
  feetInches: FeetInchesWidget,
  yesNo: YesNoWidget,
  checkboxQuantity: CheckboxQuantityWidget,
  currency: CurrencyWidget,
  imageChoice: ImageChoiceWidget,
} satisfies Record<string, ComponentType<WidgetProps>>;

/** Names of the custom widgets, for checks of definitions. */
export const customWidgetNames = Object.keys(customWidgets);

/**
 * Every widget rjsf may pick (core, MUI theme, ours), each connected to the engine's store. Built once: a stable
 * registry keeps rjsf's memoisation.
 */
export const connectedWidgets: RegistryWidgetsType = Object.fromEntries(
  Object.entries({
    ...getDefaultRegistry().widgets,
    ...muiWidgets,
    RadioWidget,
    SelectWidget,
    ...customWidgets,
  } as Record<string, ComponentType<WidgetProps>>).map(([name, widget]) => [name, connectWidget(widget)]),
);
