/** The engineering request modal (opened from the ordering home). */
export { EngineeringRequestModal } from './engineering-request-modal';
/** The form inside the modal (the definitions workbench previews it). */
export { EngineeringRequestForm } from './engineering-request-form';
