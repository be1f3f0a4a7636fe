/**
 * dayjs configured once for the whole app: French month and day names for the date pickers, and
 * the strict parser of typed dates (JJ/MM/AAAA). Imported by the root module and the date field,
 * so the setting holds during SSR, in the browser and in component tests alike.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('fr');

export { dayjs };
