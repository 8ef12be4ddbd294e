import axios from 'axios';
import { apiClient } from '../../../shared/api/api-client';
import { readFurniturePages, type FurniturePages } from '../furniture-model';

/** GET /api/ExampleImages/Furniture?inputString={fileName}: the pieces placed on the order's plan pages. */
export async function getFurniture(orderFileName: string): Promise<FurniturePages> {
  try {
    const response = await apiClient.get<unknown>('/api/ExampleImages/Furniture', {
      params: { inputString: orderFileName },
    });
    return readFurniturePages(response.data);
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.status === 404) return {};
    throw error;
  }
}

/** PUT /api/ExampleImages/Furniture?inputString={fileName} {pages}: replaces the order's placements. */
export async function putFurniture(orderFileName: string, pages: FurniturePages): Promise<void> {
  await apiClient.put('/api/ExampleImages/Furniture', { pages }, { params: { inputString: orderFileName } });
}
