export interface HowToPage {
  title: string;
  paragraphs: string[];
}

/** The four pages of the How To modal (spec 1 §1). */
export const howToPages: readonly HowToPage[] = [
  {
    title: 'Welcome and navigation',
    paragraphs: [
      'The bar at the top of every page takes you around the portal. The TEMO logo brings you back to this welcome page.',
      'Ordering starts a new order. Order Tracking follows the orders you have sent. Order History lists what has shipped. Contact Us lists the people at TEMO who can help.',
      'Log Out ends your session. For your security you are signed out after 120 minutes without activity; a "5 minutes left" message warns you first, and moving the mouse or pressing a key keeps you signed in.',
    ],
  },
  {
    title: 'Placing an order',
    paragraphs: [
      'Open Ordering and choose a product tile: Impact Sunrooms, 3 5/8" Sunrooms, 2" Sunrooms, Pavilions, Pergolas, Displays, Marketing, Spare Parts or Custom Glass.',
      'Fill in the form from top to bottom. Choices that do not apply are hidden, and anything still missing is listed before you can submit.',
      'Review your selections and submit. The Order Engineering button on the ordering page requests sealed drawings, calculation letters and other engineering documents.',
    ],
  },
  {
    title: 'Viewing current orders',
    paragraphs: [
      'Order Tracking shows four lists: Initial Orders, Unprocessed (in the queue and not yet drawn; you can view the automated drawings), Processed (drawn, waiting for your confirmation) and Confirmed.',
      'To confirm a processed job, sign its bill of materials, scan it and email it back. Show PDFs lists the documents of a processed or confirmed order.',
      'The search box beside the tabs filters all four lists at once.',
    ],
  },
  {
    title: 'Viewing order history',
    paragraphs: [
      'Order History lists every shipped order, newest first.',
      'Type in the boxes above the columns to search by folder, file name, job name, ship date, street address or city, state and zip.',
      'Export to Excel downloads the rows as orderhistory.csv, and each order’s PDFs open from the list beside the table.',
    ],
  },
];
