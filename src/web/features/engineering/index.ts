/** The engineering request modal (opened from the ordering home). */
export { EngineeringRequestModal } from './engineering-request-modal';
