// The extension's mark beside page titles: the toolbar icon's own source (assets/icon.svg), so the
// window a user confirms a purchase in shows the same mark as the toolbar button they trust.
import iconUrl from '@/assets/icon.svg';

export const BrandMark = () => <img class="brand-mark" src={iconUrl} alt="" width={20} height={20} />;
