/**
 * Typed calls of the platform product management (SPEC §2 product, §3 Application, §5 Application;
 * shapes in docs/protocol.md "Calls"). Every function rejects with the client's `ApiError` when the
 * envelope says `result: '0'` (a toast is already shown unless `opts.noToast`).
 */
import {
  Paths,
  type AdminCandidateListBody,
  type AdminUserRow,
  type Paged,
  type ProductAddBody,
  type ProductEditBody,
  type ProductListBody,
  type ProductRow,
  type StatusValue,
} from '@mp/protocol';
import { download, post, type RequestOptions } from './client';

/** Filters of the product grid (everything of `ProductListBody` except paging and sorting). */
export type ProductFilters = Omit<ProductListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** One page of products (with their administrators): `POST listproduct`. */
export function listProducts(query: ProductListBody, opts?: RequestOptions): Promise<Paged<ProductRow>> {
  return post<Paged<ProductRow>>(Paths.listproduct, query, opts);
}

/** One product by id → `data.row`. Rejects with `product.not_found`. */
export async function getProduct(id: string, opts?: RequestOptions): Promise<ProductRow> {
  return (await post<{ row: ProductRow }>(Paths.getproduct, { id }, opts)).row;
}

/** Creates a product → the stored row. Rejects with `product.code_in_use`, `product.code_pattern`, format and validation codes. */
export async function addProduct(body: ProductAddBody, opts?: RequestOptions): Promise<ProductRow> {
  return (await post<{ row: ProductRow }>(Paths.addproduct, body, opts)).row;
}

/** Modifies a product (its code and built-in flag stay as they are) → the stored row. */
export async function editProduct(body: ProductEditBody, opts?: RequestOptions): Promise<ProductRow> {
  return (await post<{ row: ProductRow }>(Paths.editproduct, body, opts)).row;
}

/** Deletes products → how many. Rejects with `product.built_in` or `product.in_use` (nothing deleted then). */
export async function deleteProducts(ids: string[], opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.deleteproduct, { ids }, opts)).count;
}

/** Enables (1) or disables (0) products → how many changed. */
export async function setProductStatus(ids: string[], status: StatusValue, opts?: RequestOptions): Promise<number> {
  return (await post<{ count: number }>(Paths.statusproduct, { ids, status }, opts)).count;
}

/** Downloads the products matching `filters` as an .xlsx file. */
export function exportProducts(
  filters: ProductFilters & Pick<ProductListBody, 'sortField' | 'sortOrder'>,
  fileName: string,
  opts?: RequestOptions,
): Promise<void> {
  return download(Paths.exportproduct, filters, fileName, opts);
}

/** One page of users (any tenant) who may administer a product, by user name or employee name. */
export function listProductAdminCandidates(query: AdminCandidateListBody, opts?: RequestOptions): Promise<Paged<AdminUserRow>> {
  return post<Paged<AdminUserRow>>(Paths.listproductadmincandidate, query, opts);
}
