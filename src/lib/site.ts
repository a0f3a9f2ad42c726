/** The institute's name: the homepage title, the suffix of every other page title, the H1 of /llms.txt. */
export const SITE_NAME = 'Northgate Institute of Theology';
