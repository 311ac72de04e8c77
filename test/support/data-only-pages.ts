// The fixture pages whose vehicles exist only in the page's data, with the listing each VIN's badge
// belongs under (every card carries \`data-oracle\`): one table for the DOM and the browser tests.
export const DATA_ONLY_PAGES: Array<[string, string, Record<string, string>]> = [
  [
    'embedded state keyed by listing id, links with query and fragment (autotrader.com kind)',
    'autotrader-search.html',
    {
      '1N6SD16S6NC347945': '684300101',
      '1GKLVKED6AJ152841': '684300102',
      JH4KA2635HC013743: '684300103',
      '5XYZUDLB3DG001966': '684300104',
      '1GCEC14W6TZ228585': '684300105',
      '1JCMR7849JT185834': '684300106',
    },
  ],
  [
    'JSON-LD ItemList whose offers.url is the card link, relative on the page (carvana.com kind)',
    'carvana-search.html',
    {
      JH4KA453XKC037671: '2551101',
      '1B4HS28N51F542134': '2551102',
      '2GCEC19Z0S1245490': '2551103',
      SCFFDECNXCGG14038: '2551104',
      '4JGAB54E11A277331': '2551105',
      '3VWSD29M41M067176': '2551106',
    },
  ],
  [
    '__NEXT_DATA__ with stock numbers in links and photo paths, every photo named 1.jpg (carmax.com kind)',
    'next-data.html',
    {
      JH4KA3171KC014556: '19913071',
      JH4DA1842JS002851: '20319754',
      '1J4BA3H11AL173573': '20322507',
      JH4DB1664NS003880: '20322520',
      '1G8ZH1274XZ108296': '20196030',
    },
  ],
  [
    'GraphQL cache keyed "Listing:<uuid>", cards with data-listing-id, one placeholder photo (cars.com kind)',
    'apollo-cache.html',
    {
      JH4KA465XJC001719: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a001',
      TRUWT28N251018665: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a002',
      JH4KA4552JC049099: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a003',
      '1C41JUEJ6NC004408': '9f1c2b7e-5d4a-4c3e-8b1a-00000000a004',
      '1FTJW36F5TEA07453': '9f1c2b7e-5d4a-4c3e-8b1a-00000000a005',
    },
  ],
];

/** One of them by file name. */
export function placementsOf(fixture: string): Record<string, string> {
  const page = DATA_ONLY_PAGES.find(([, file]) => file === fixture);
  if (!page) throw new Error(`no expectations for ${fixture}`);
  return page[2];
}
