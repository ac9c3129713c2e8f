output "slb_address" {
  value       = alicloud_slb_load_balancer.web.address
  description = "Public address of the load balancer."
}

output "first_instance_ip" {
  value = alicloud_instance.web[0].private_ip
}

output "db_connection" {
  value = alicloud_db_instance.db.connection_string
}

output "bucket_name" {
  value = alicloud_oss_bucket.assets.bucket
}
