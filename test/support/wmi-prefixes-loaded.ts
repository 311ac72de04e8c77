// What the built background reads from its package's wmi-prefixes.txt on its first verdict
// (entrypoints/background/sites/wmi-file.ts), given to every unit test's world up front: the same
// string, from the one generated module both come from.

import { useWmiPrefixes } from '@/lib/vin/wmi';
import { PACKED_WMI_PREFIXES } from '@/lib/vin/wmi-prefixes';

useWmiPrefixes(PACKED_WMI_PREFIXES);
