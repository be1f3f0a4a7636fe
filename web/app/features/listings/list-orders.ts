/** The orders the server gives a list of pool listings (the automatic list, the list beside the listings map). */
export const SERVER_ORDERS: { value: string; label: string }[] = [
  { value: 'recent:desc', label: 'Les plus récentes' },
  { value: 'publication:desc', label: 'Publiées le plus récemment' },
  { value: 'prix:asc', label: 'Prix croissant' },
  { value: 'prix:desc', label: 'Prix décroissant' },
  { value: 'prix_m2:asc', label: 'Prix au m² croissant' },
  { value: 'prix_m2:desc', label: 'Prix au m² décroissant' },
];
