// SPDX-License-Identifier: GPL-2.0
/* Locks taken in a copy before their set-up: each marked line. */
struct cache {
	spinlock_t lock;
	struct mutex mutex;
	struct rw_semaphore sem;
	int size;
};

struct cache *clone_cache(struct cache *old, struct cache *new)
{
	memcpy(new, old, sizeof(*new));
	spin_lock(&new->lock);	/* cocci: expect */
	new->size = 0;
	spin_unlock(&new->lock);
	return new;
}

void copy_assign(struct cache *dst, struct cache *src)
{
	*dst = *src;
	mutex_lock(&dst->mutex);	/* cocci: expect */
	dst->size++;
	mutex_unlock(&dst->mutex);
}

struct cache *dup_cache(struct cache *src)
{
	struct cache *c = kmemdup(src, sizeof(*src), GFP_KERNEL);

	if (!c)
		return NULL;
	spin_lock(&c->lock);	/* cocci: expect */
	spin_unlock(&c->lock);
	return c;
}

struct cache *redup(struct cache *c, struct cache *src)
{
	c = kmemdup(src, sizeof(*src), GFP_KERNEL);
	if (!c)
		return NULL;
	down_write(&c->sem);	/* cocci: expect */
	up_write(&c->sem);
	return c;
}
