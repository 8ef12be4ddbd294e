export {
  findDealerRefusal,
  refusalContactTitles,
  refusalMessages,
  type DealerRefusal,
  type RefusalContact,
} from './dealer-status';
export { sendWithStatus } from './send-status';
