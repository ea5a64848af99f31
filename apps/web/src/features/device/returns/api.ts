import {
  DeviceReturnPaths,
  type DeviceReturnFileRequest,
  type DeviceReturnFiled,
  type PublicReturnAddress,
} from '@health/contract';
import { api } from '../../../shared/api/client';

/** GET the return address (public, no login). The page shows its own error. */
export const fetchReturnAddress = (signal?: AbortSignal) =>
  api.get<PublicReturnAddress>(DeviceReturnPaths.address, { auth: false, silent: true, signal });

/** File a return (public, no login); errors are shown by the page, on the form. */
export const fileReturn = (values: DeviceReturnFileRequest) =>
  api.post<DeviceReturnFiled>(
    DeviceReturnPaths.file,
    { ...values },
    {
      auth: false,
      silent: true,
      bodyType: 'json',
    },
  );
