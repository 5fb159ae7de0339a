// The one phone mask lives in the domain's zod-free payments module (the api masks payers' phones too).
export { maskPhone } from '@summit/domain/payments';
